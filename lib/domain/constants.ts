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

// Report-card links (decision 004): how long a link works unless the admin picks a date, and the
// furthest date they may pick.
export const REPORT_LINK_DEFAULT_DAYS = 180;
export const REPORT_LINK_MAX_DAYS = 730;

// Access-code strength (decision 010): at least 10 letters or digits, not counting separators.
// From the portal's 31-symbol alphabet that is log2(31^10) ≈ 49.5 bits; the generated codes meet it.
export const ACCESS_CODE_MIN_SYMBOLS = 10;
// Markdown limits (lib/domain/markdown-depth.ts). Block quotes and list items nested deeper than
// this are refused on save (no real description needs 20 levels); a text over the limit or over
// the render budget (lines, block markers and markup characters together) is shown as plain text,
// which keeps every parse of a stored text short (the parser's cost grows with those, some
// constructs faster than linearly).
export const MARKDOWN_MAX_DEPTH = 20;
export const MARKDOWN_RENDER_BUDGET = 800;

// Responses to announcements: a student may post this many per window (a flood of 500 responses
// of 20 kB made every classmate's Updates tab 20 MB), and the class page shows the newest few of
// each announcement, the rest a page at a time on request.
export const RESPONSE_RATE_LIMIT = 10;
export const RESPONSE_RATE_WINDOW_MS = 10 * 60 * 1000;
export const RESPONSES_SHOWN_PER_UPDATE = 5;
export const RESPONSES_PAGE_SIZE = 20;

/** A private comment on a student's work (issue 44): the database's own bound (submission_comments_body_check). */
export const COMMENT_MAX_LENGTH = 5000;
/** A student may post as many private comments as responses in the same window (the flood limit). */
export const COMMENT_RATE_LIMIT = RESPONSE_RATE_LIMIT;
/** Staff comment on a whole class's work in one sitting: a wider bound, still a bound. */
export const COMMENT_STAFF_RATE_LIMIT = 100;
export const COMMENT_RATE_WINDOW_MS = RESPONSE_RATE_WINDOW_MS;
/** A thread shows at most this many comments (the newest); older ones stay in the records export. */
export const COMMENT_THREAD_MAX = 200;
