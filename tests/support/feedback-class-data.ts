// The writing class's names and rubric (tests/support/feedback-class.ts), without the database:
// the end-to-end spec that grades it reads them too.
import type { RubricBody } from "@/lib/domain/rubric-types";

export const FEEDBACK_CLASS = { code: "WRIT-E2E", name: "Writing Workshop", essay: "Persuasive essay" } as const;
export const FEEDBACK_STUDENTS = [1, 2, 3, 4, 5].map((n) => ({
  name: `Writer ${["Ana", "Ben", "Cy", "Dee", "Eli"][n - 1]}`,
  username: `writer${n}`,
  code: `fb-0${n}`,
}));

/** Thesis 4/3/2/1 and Evidence 6/4.5/3/1.5: the best total, 10, is the essay's maximum. */
export const ESSAY_RUBRIC: RubricBody = {
  title: "Essay rubric",
  criteria: [
    {
      id: "thesis",
      title: "Thesis",
      description: "A clear, arguable claim",
      levels: [
        { id: "t4", label: "Excellent", points: 400 },
        { id: "t3", label: "Good", points: 300 },
        { id: "t2", label: "Developing", points: 200 },
        { id: "t1", label: "Beginning", points: 100 },
      ],
    },
    {
      id: "evidence",
      title: "Evidence",
      description: "Sources that support the claim",
      levels: [
        { id: "e4", label: "Excellent", points: 600 },
        { id: "e3", label: "Good", points: 450 },
        { id: "e2", label: "Developing", points: 300 },
        { id: "e1", label: "Beginning", points: 150 },
      ],
    },
  ],
};
