import { loadParentReportCard } from "@/lib/parent/portal";
import { portalRoute } from "@/lib/parent/route";

export const POST = portalRoute("report", loadParentReportCard);
