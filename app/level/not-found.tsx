import { RefusedPage } from "@/components/access-screens";
import { classRefusalOfThisRequest } from "@/lib/auth/page-access";

/** No such class, found by the class routes' layout on a page load: 404 and Class Not Found (decision 027). */
export default function NotFound() {
  return <RefusedPage refusal={classRefusalOfThisRequest()} status={404} />;
}
