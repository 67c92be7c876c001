import { RefusedPage } from "@/components/access-screens";
import { classRefusalOfThisRequest } from "@/lib/auth/page-access";

/** No such class, for the class page: 404 and the Class Not Found screen (decision 027). */
export default function NotFound() {
  return <RefusedPage refusal={classRefusalOfThisRequest("view")} status={404} />;
}
