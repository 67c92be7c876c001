import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isValidElement, type ReactNode } from "react";
import { GET as oneClickGet } from "@/app/api/unsubscribe/[token]/route";
import { DELETE as removeRoute, GET as fileRoute } from "@/app/files/[fileId]/route";
import { GET as zipRoute } from "@/app/level/[levelCode]/files/zip/route";
import { RefusalScreen } from "@/components/access-screens";
import {
  adminPersonPageAccess,
  classPageAccess,
  reportCardPageAccess,
  roleRefusalOf,
  staffPageAccess,
} from "@/lib/auth/page-access";
import { DEMO_ADMIN, DEMO_CLASSES, DEMO_INSTRUCTORS, DEMO_PARENTS, DEMO_STUDENTS } from "@/lib/db/demo-school";
import { requestHeaders } from "./support/request-context";
import { seedDemo } from "./support/fixtures";
import { signInAs, signOutOfTestRequest } from "./support/session";
import { useTestDatabase } from "./support/test-db";

// Issue 40: a refused page (Access Denied, Class Not Found, an admin's missing student…) says why in
// the reader's language. page-access.ts decides with message descriptors; the screen writes them.
// The file routes and the one-click unsubscribe's GET answer in the request's language too. The
// English is the spec's wording, exactly.

useTestDatabase();

beforeAll(async () => {
  await seedDemo();
});
afterAll(() => {
  requestHeaders.delete("accept-language");
});

/** The words the refusal screen shows: its BlockedScreen's title, message and home link. */
async function screenWords(refused: unknown): Promise<{ title: string; message: string; home?: string }> {
  if (!refused || typeof refused !== "object" || !("refusal" in refused)) throw new Error("not refused");
  const tree = await RefusalScreen(refused as Parameters<typeof RefusalScreen>[0]);
  let node: ReactNode = tree;
  // RefusalScreen wraps the screen in the app's shell or a <main>: the screen is the innermost element.
  while (isValidElement<{ children?: ReactNode; title?: string }>(node) && node.props.title === undefined)
    node = node.props.children;
  if (!isValidElement<{ title: string; message: string; homeLabel?: string }>(node)) throw new Error("no screen");
  return { title: node.props.title, message: node.props.message, home: node.props.homeLabel };
}

async function as(code: string, language: string) {
  await signInAs(code);
  requestHeaders.set("accept-language", language);
}

describe("refusal pages in the reader's language", () => {
  it("an admin's missing student and parent read in Spanish, and in the spec's English", async () => {
    await as(DEMO_ADMIN.code, "es");
    expect(await screenWords(await adminPersonPageAccess("999999", "student"))).toEqual({
      title: "Estudiante no encontrado",
      message: "Ese estudiante no existe.",
      home: "Ir al inicio",
    });
    expect(await screenWords(await adminPersonPageAccess("999999", "parent"))).toEqual({
      title: "Padre, madre o tutor no encontrado",
      message: "Ese padre, madre o tutor no existe.",
      home: "Ir al inicio",
    });
    requestHeaders.set("accept-language", "en-US");
    expect(await screenWords(await adminPersonPageAccess("999999", "student"))).toEqual({
      title: "Student not found",
      message: "That student does not exist.",
      home: "Go to Home",
    });
  });

  it("the admin pages, /teacher, a class and another family's child refuse in Spanish", async () => {
    await as(DEMO_STUDENTS[0]!.code, "es-MX,es;q=0.9");
    const admin = await roleRefusalOf("admin");
    expect(await screenWords({ user: null, refusal: admin })).toEqual({
      title: "Acceso denegado",
      message: "Acceso denegado. Solo los administradores pueden ver esta página.",
      home: "Ir al inicio",
    });
    expect((await screenWords(await staffPageAccess())).message).toBe(
      "Solo los maestros y los administradores pueden ver esta página",
    );
    expect(await screenWords(await classPageAccess("NO-SUCH-CLASS", "view"))).toMatchObject({
      title: "Clase no encontrada",
      message: "No se encontró la clase solicitada.",
    });
    const notMine = DEMO_CLASSES.find((_, i) => !DEMO_STUDENTS[0]!.classes.includes(i))!;
    expect((await screenWords(await classPageAccess(notMine.code, "view"))).message).toBe(
      "No está inscrito en esta clase. Por favor, comuníquese con su maestro para obtener acceso.",
    );

    await as(DEMO_INSTRUCTORS[0].code, "es");
    const otherClass = DEMO_CLASSES.find((c) => c.teacher !== 0)!;
    expect((await screenWords(await classPageAccess(otherClass.code, "teach"))).message).toBe(
      "No tiene autorización para ver este nivel",
    );

    await as(DEMO_PARENTS[0].code, "es");
    expect(await screenWords(await reportCardPageAccess("999999"))).toMatchObject({
      title: "Acceso denegado",
      message: "Solo puede ver las boletas de calificaciones de sus propios hijos.",
    });
  });

  it("reads the spec's English for an English reader", async () => {
    await as(DEMO_STUDENTS[0]!.code, "en-US");
    expect(await screenWords(await staffPageAccess())).toEqual({
      title: "Access Denied",
      message: "Only teachers and admins can access this page",
    });
    expect(await screenWords(await classPageAccess("NO-SUCH-CLASS", "view"))).toEqual({
      title: "Class Not Found",
      message: "The requested class could not be found.",
    });
  });

  it("the file routes and the one-click unsubscribe's GET answer in the request's language", async () => {
    const body = async (res: Response) => ({ status: res.status, text: (await res.text()).trim() });
    const file = (id: string) =>
      fileRoute(new Request(`http://localhost/files/${id}`), { params: Promise.resolve({ fileId: id }) });
    const zip = (code: string) =>
      zipRoute(new Request(`http://localhost/level/${code}/files/zip?assignmentId=999999`), {
        params: Promise.resolve({ levelCode: code }),
      });

    signOutOfTestRequest();
    requestHeaders.set("accept-language", "es");
    expect(await body(await file("999999"))).toEqual({ status: 401, text: "Por favor, inicie sesión para continuar." });
    expect(await body(await oneClickGet())).toEqual({
      status: 405,
      text: "Use el enlace al pie del correo electrónico o el botón para cancelar la suscripción de su aplicación de correo.",
    });
    const foreign = await removeRoute(
      new Request("http://localhost/files/1", { method: "DELETE", headers: { origin: "https://evil.example" } }),
      { params: Promise.resolve({ fileId: "1" }) },
    );
    expect(await body(foreign)).toEqual({ status: 403, text: "Prohibido" });

    await as(DEMO_STUDENTS[0]!.code, "es");
    expect(await body(await file("abc"))).toEqual({ status: 404, text: "Archivo no encontrado." });
    expect(await body(await file("999999"))).toEqual({ status: 404, text: "Archivo no encontrado." });
    expect(await body(await zip("BIO-P2"))).toEqual({
      status: 403,
      text: "Solo los maestros y los administradores pueden ver esta página",
    });

    await as(DEMO_INSTRUCTORS[1].code, "es");
    expect(await body(await zip("BIO-P2"))).toEqual({ status: 404, text: "Esa tarea no es de esta clase." });
    requestHeaders.set("accept-language", "en-US");
    expect(await body(await zip("BIO-P2"))).toEqual({ status: 404, text: "That assignment is not in this class." });
    expect(await body(await file("999999"))).toEqual({ status: 404, text: "File not found." });
  });
});
