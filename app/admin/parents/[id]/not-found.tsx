import { RefusedPage } from "@/components/access-screens";
import { missingPersonOfThisRequest } from "@/lib/auth/page-access";

/** No such parent, on an admin's page load: 404 and "Parent not found" (decision 027). */
export default function NotFound() {
  return <RefusedPage refusal={missingPersonOfThisRequest("parent")} status={404} />;
}
