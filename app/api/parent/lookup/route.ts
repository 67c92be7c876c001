import { lookupStudents } from "@/lib/parent/portal";
import { portalRoute } from "@/lib/parent/route";

export const POST = portalRoute("search", lookupStudents);
