// OneRoster's demographics.csv: the birth dates the portal keeps (the rest of the file is not kept). Pure.
import { COMMON, eachRow, type FileReader } from "./oneroster-rows";
import { quote } from "./problems";
import { isDate, isDateTime } from "./values";
import { msg } from "@/lib/i18n/message";

/** demographics.csv: birthDate → the user's date of birth (the rest of the file is not kept). */
export const demographicsFile: FileReader = {
  base: "demographics.csv",
  entity: "demographics",
  // OneRoster 1.0 keyed the file by userSourcedId; 1.1 by sourcedId (the user's).
  columns: () => [
    { name: "sourcedId", required: true, aliases: ["userSourcedId"], legacy: ["userSourcedId"] },
    ...COMMON.slice(1),
    { name: "birthDate", aliases: ["birthdate", "dateOfBirth"] },
  ],
  read: (file, ctx) => {
    if (!file.bound.has("birthDate")) return;
    const { data } = ctx;
    const byKey = new Map(data.users.map((u) => [u.key, u]));
    eachRow(file, ctx, null, (start, row) => {
      const key = `s:${start.sourcedId}`;
      let dateOfBirth: string | null;
      if (!start.active) {
        if (file.mode !== "delta") return;
        dateOfBirth = null; // a delta's tobedeleted demographics row: the SIS no longer has the birth date
      } else {
        const v = row.value("birthDate");
        if (v !== "" && !isDate(v) && !(isDateTime(v) && v.length > 10)) {
          row.problem(
            "birthDate",
            msg("admin.rosterReport.text.notDate", { a: quote(v) }),
            msg("admin.rosterReport.text.writeAsYYYYMM"),
          );
          return;
        }
        dateOfBirth = v === "" ? null : v.slice(0, 10);
      }
      if (data.refused.users.has(key)) return;
      const user = byKey.get(key);
      if (user) user.dateOfBirth = dateOfBirth;
      else data.birthDates.push({ ref: start.ref, key, sourcedId: start.sourcedId, dateOfBirth });
    });
  },
};
