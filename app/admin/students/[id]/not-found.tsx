import { RefusedPage } from "@/components/access-screens";
import { missingPersonOfThisRequest } from "@/lib/auth/page-access";

/** No such student, on an admin's page load: 404 and "Student not found" (decision 027). */
export default function NotFound() {
  return <RefusedPage refusal={missingPersonOfThisRequest("student")} status={404} />;
}
