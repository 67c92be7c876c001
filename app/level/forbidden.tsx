import { RefusedPage } from "@/components/access-screens";
import { classRefusalOfThisRequest } from "@/lib/auth/page-access";

/** Refused by the class routes' layout on a page load: 403 and that page's own screen (decision 027). */
export default function Forbidden() {
  return <RefusedPage refusal={classRefusalOfThisRequest()} status={403} />;
}
