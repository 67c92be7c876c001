// Every dialog of the portal (issue 39 item 13): each place in components/ that opens one (a Modal,
// a ConfirmDialog, or the sign-in screen's role="dialog") and the names the pseudo-locale walk gives
// what it opens there (e2e/languages-dialogs.spec.ts). tests/dialog-inventory.test.ts fails when a
// file opens more dialogs than it has names here, so a new dialog is walked from the day it exists.
// Plain data: vitest reads it too.

export const DIALOG_SITES: Record<string, readonly string[]> = {
  "components/sign-in-screen.tsx": ["sign in"],
  "components/class-page/add-response-button.tsx": ["add response"],
  "components/class-page/assignment-list.tsx": ["submission history", "private comments"],
  "components/class-page/submit-modal.tsx": ["submit response"],
  "components/class-page/delete-response-button.tsx": ["delete response"],
  "components/files/target-files.tsx": ["files"],
  "components/teacher/updates-manager.tsx": ["new announcement", "edit announcement"],
  "components/teacher/manager-parts.tsx": ["delete announcement", "delete assignment"],
  "components/teacher/assignment-form.tsx": ["new assignment", "edit assignment"],
  "components/teacher/bulk-grade-modal.tsx": ["bulk grade"],
  "components/rubric/rubric-bank-dialog.tsx": ["rubric bank"],
  "components/teacher/responses-modal.tsx": ["view responses"],
  "components/teacher/message-guardians.tsx": ["message guardians"],
  "components/teacher/add-grade-modal.tsx": ["add grade"],
  "components/teacher/students-tab.tsx": ["remove student"],
  "components/teacher/student-dialogs.tsx": ["add students", "create new student", "edit student"],
  "components/admin/classes-tab.tsx": ["students of a class", "new class", "edit class"],
  "components/admin/people.tsx": ["admin: edit student", "new user"],
  "components/admin/sign-in-link-button.tsx": ["remove sign-in link"],
  "components/admin/years-tab.tsx": ["close year", "reopen year"],
};

/**
 * Dialogs the walk in e2e/languages-dialogs.spec.ts cannot open on the shared demo server without
 * changing what every later spec sees (closing a school year concludes its classes): the spec
 * named walks them the same way on a server of its own.
 */
export const WALKED_ON_OWN_SERVER: Record<string, string> = {
  "close year": "e2e/school-years.spec.ts",
  "reopen year": "e2e/school-years.spec.ts",
};

/** What opens a dialog in a component's source. */
export const DIALOG_OPENERS = /<Modal\b|<ConfirmDialog\b|role="(?:alert)?dialog"/g;
