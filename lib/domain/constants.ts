// Business constants of spec §9, in one place.

export const SESSION_LIFETIME_MS = 4 * 60 * 60 * 1000; // 14,400,000 ms, absolute from sign-in
export const COUNTDOWN_REFRESH_MS = 1000;
export const CLOCK_REFRESH_MS = 60_000;
export const TOAST_DISMISS_MS = 3000;
export const ADD_STUDENTS_CLOSE_MS = 1500;

export const MIN_RESPONSE_LENGTH = 10;
export const DESCRIPTION_PREVIEW_LENGTH = 100;

export const MAX_SCORE_DEFAULT = 10;
export const MAX_SCORE_MIN = 1;
export const SCORE_STEP = 0.01;
export const SCORE_MIN = 0;

export const PARENT_PHONE_MIN_DIGITS = 7;

export const ROLES = ["student", "parent", "instructor", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ATTENDANCE_STATUSES = ["present", "absent", "late", "excused"] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

// Colour thresholds per screen (spec §9).
export const TEACHER_THRESHOLDS = { good: 80, fair: 60 } as const;
export const ADMIN_THRESHOLDS = { good: 90, fair: 70 } as const;
export const GRADE_GRID_THRESHOLDS = { good: 90, fair: 70 } as const;
export const GRADEBOOK_THRESHOLDS = { good: 90, fair: 70, poor: 50 } as const;
export const REPORT_CARD_THRESHOLDS = { good: 90, fair: 80, poor: 70 } as const;

// Text limits we enforce on the server (the spec sets none).
export const TITLE_MAX_LENGTH = 200;
export const CONTENT_MAX_LENGTH = 20_000;
export const ACCESS_CODE_MAX_LENGTH = 64;
