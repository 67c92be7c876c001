import { RefusedPage } from "@/components/access-screens";
import { roleRefusalOf } from "@/lib/auth/page-access";

/** /teacher refuses everyone but staff with 403 and this screen (decision 027). */
export default function Forbidden() {
  return <RefusedPage refusal={roleRefusalOf("teacher")} status={403} />;
}
