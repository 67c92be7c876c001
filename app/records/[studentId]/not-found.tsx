import { RefusedPage } from "@/components/access-screens";
import { recordRefusalOfThisRequest } from "@/lib/auth/page-access";

/** Someone else's record or no such student: 404 and the same Access Denied screen (decision 027). */
export default function NotFound() {
  return <RefusedPage refusal={recordRefusalOfThisRequest()} status={404} />;
}
