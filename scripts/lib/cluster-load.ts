// Mixed load through the balancer for the cluster tests (decision 030): signed-in teachers mark
// attendance (a new day per write, so every acknowledged write can be looked for afterwards) and
// save grades, students hand in work and open their pages, a parent reads a card. Every request
// is recorded with when it was sent, how it ended and which host answered (X-Portal-Host).
import { actionId } from "./portal-server";

export interface Sample {
  at: number;
  what: string;
  status: number; // 0: the connection failed
  host: string | null;
  ok: boolean;
  /** Set for an acknowledged attendance write: its day. */
  wrote?: string;
  /** The response asked to sign in again (a lost session). */
  signedOut?: boolean;
  /** What a failed request answered (its start), to see what the user was told. */
  body?: string;
}

export async function signIn(base: string, code: string): Promise<string> {
  const res = await fetch(`${base}/api/session`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ code }),
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!res.ok || !cookie) throw new Error(`sign-in with ${code} failed: ${res.status}`);
  return cookie;
}

async function timed(
  what: string,
  request: () => Promise<Response>,
  judge: (res: Response, body: string) => Pick<Sample, "ok" | "signedOut">,
): Promise<Sample> {
  const at = Date.now();
  try {
    const res = await request();
    const body = await res.text();
    const verdict = judge(res, body);
    return {
      at,
      what,
      status: res.status,
      host: res.headers.get("x-portal-host"),
      ...verdict,
      ...(verdict.ok ? {} : { body: body.slice(0, 20_000) }),
    };
  } catch {
    return { at, what, status: 0, host: null, ok: false };
  }
}

function action(base: string, page: string, name: string, cookie: string, input: unknown) {
  return () =>
    fetch(`${base}${page}`, {
      method: "POST",
      headers: {
        "next-action": actionId(name),
        "content-type": "text/plain;charset=UTF-8",
        accept: "text/x-component",
        origin: base,
        cookie,
      },
      body: JSON.stringify([input]),
      redirect: "manual",
    });
}

const actionJudge = (res: Response, body: string) => ({
  ok: res.status === 200 && body.includes('"ok":true'),
  signedOut: body.includes("Please sign in") || res.status === 401,
});
const pageJudge = (res: Response) => ({
  ok: res.status === 200,
  // A signed-out visitor is sent to the home page to sign in.
  signedOut: res.status >= 300 && res.status < 400,
});

export interface Users {
  teachers: string[];
  students: string[];
}

/** Signed-in users (their cookies), made once: they stay signed in across every run and host. */
export async function signInUsers(base: string, teachers = 4, students = 4): Promise<Users> {
  return {
    teachers: await Promise.all(Array.from({ length: teachers }, () => signIn(base, "teach-chen"))),
    students: await Promise.all(Array.from({ length: students }, (_, i) => signIn(base, `stu-0${(i % 9) + 1}`))),
  };
}

export interface LoadOptions {
  base: string;
  users: Users;
  seconds: number;
  /** Where this run's attendance days start (distinct runs never share a day). */
  firstDay: Date;
}

/** Runs the mix for `seconds`; resolves with every request's sample. */
export async function runLoad(o: LoadOptions): Promise<Sample[]> {
  const samples: Sample[] = [];
  const until = Date.now() + o.seconds * 1000;
  const { teachers: teacherCookies, students: studentCookies } = o.users;
  let day = 0;
  const nextDay = () => new Date(o.firstDay.getTime() + day++ * 86_400_000).toISOString().slice(0, 10);

  const teacher = async (cookie: string, n: number) => {
    for (let i = 0; Date.now() < until; i++) {
      const date = nextDay();
      const s = await timed(
        "attendance",
        action(o.base, "/level/BIO-P2/update", "setAttendance", cookie, {
          levelCode: "BIO-P2",
          studentId: 8,
          date,
          status: "excused",
        }),
        actionJudge,
      );
      if (s.ok) s.wrote = date;
      samples.push(s);
      samples.push(
        await timed(
          "grade",
          action(o.base, "/level/BIO-P2/update", "saveGrade", cookie, {
            levelCode: "BIO-P2",
            assignmentId: 9,
            studentId: 8,
            score: String((n + i) % 10),
          }),
          actionJudge,
        ),
      );
      samples.push(
        await timed(
          "grades page",
          () => fetch(`${o.base}/level/BIO-P2/update?tab=grades`, { headers: { cookie }, redirect: "manual" }),
          pageJudge,
        ),
      );
    }
  };
  const student = async (cookie: string) => {
    while (Date.now() < until) {
      for (const page of ["/", "/calendar", "/notifications"])
        samples.push(
          await timed(
            `student ${page}`,
            () => fetch(`${o.base}${page}`, { headers: { cookie }, redirect: "manual" }),
            pageJudge,
          ),
        );
    }
  };
  await Promise.all([...teacherCookies.map((c, i) => teacher(c, i)), ...studentCookies.map((c) => student(c))]);
  return samples;
}
