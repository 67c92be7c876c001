import { RefusedPage } from "@/components/access-screens";
import { districtRefusalOfThisRequest } from "@/lib/auth/page-access";

/** /district refuses everyone but district admins with 403 and this screen (decision 027). */
export default function Forbidden() {
  return <RefusedPage refusal={districtRefusalOfThisRequest()} status={403} />;
}
