import { RefusedPage } from "@/components/access-screens";
import { roleRefusalOf } from "@/lib/auth/page-access";

/** Every admin page refuses other roles with 403 and this screen (decision 027). */
export default function Forbidden() {
  return <RefusedPage refusal={roleRefusalOf("admin")} status={403} />;
}
