import { RefusedPage } from "@/components/access-screens";
import { childRefusalOfThisRequest } from "@/lib/auth/page-access";

/** Another family's child or no such student: 404 and the same Access Denied screen (decision 027). */
export default function NotFound() {
  return <RefusedPage refusal={childRefusalOfThisRequest()} status={404} />;
}
