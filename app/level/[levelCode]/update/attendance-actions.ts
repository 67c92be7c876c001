"use server";

import { z } from "zod";
import { classAction, idSchema, levelCodeField, refreshClass } from "@/lib/actions";
import { dayField as date } from "@/lib/class-fields";
import { ATTENDANCE_STATUSES } from "@/lib/domain/constants";
import * as gradebook from "@/lib/gradebook/attendance";
import { zmsg } from "@/lib/i18n/message";

// Attendance of the class dashboard: the grid, "Add New" / "mark all present" and the roll call.
// What each write does (lock, audit, the families' notice) is lib/gradebook/attendance.

const VALID_STATUS = zmsg("teacherActions.validStatus");
const refreshPage = (code: string) => refreshClass(code);

/** Add a day: every enrolled student present; refused if the day has any record. */
export const addAttendanceDay = classAction(
  z.object({ levelCode: levelCodeField, date }),
  (v, { user, level }) => gradebook.addAttendanceDay(user, level, v.date),
  { revalidate: refreshPage },
);

/** Mark every enrolled student present for a day (inserting missing records). */
export const markAllPresent = classAction(
  z.object({ levelCode: levelCodeField, date }),
  (v, { user, level }) => gradebook.markAllPresent(user, level, v.date),
  { revalidate: refreshPage },
);

/** One cell of the grid ("" deletes the record). No page re-render: the grid already shows the change. */
export const setAttendance = classAction(
  z.object({
    levelCode: levelCodeField,
    studentId: idSchema,
    date,
    status: z.enum([...ATTENDANCE_STATUSES, ""], { message: VALID_STATUS }),
  }),
  (v, { user, level }) => gradebook.setAttendance(user, level, v),
);

/** Roll call (issue 21): one student's status for one day; the first mark on an empty day adds the day. */
export const markRollCall = classAction(
  z.object({
    levelCode: levelCodeField,
    studentId: idSchema,
    date,
    status: z.enum(ATTENDANCE_STATUSES, { message: VALID_STATUS }),
  }),
  (v, { user, level }) => gradebook.markRollCall(user, level, v),
);
