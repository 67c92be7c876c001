import { RefusedPage } from "@/components/access-screens";
import { classRefusalOfThisRequest } from "@/lib/auth/page-access";

/** Refused by the class page: 403 and the page's own Access Denied screen (decision 027). */
export default function Forbidden() {
  return <RefusedPage refusal={classRefusalOfThisRequest("view")} status={403} />;
}
