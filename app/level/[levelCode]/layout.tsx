import { levelLayoutAccess } from "@/lib/auth/page-access";
import { safeDecode } from "@/lib/domain/url";
import { PageMessages } from "@/components/page-messages";

/**
 * Refuses (403/404) or redirects a visitor before loading.tsx's "Loading Class..." starts the
 * response, which would fix its status at 200 (decision 027). Renders nothing of its own.
 */
export default async function LevelLayout({
  children,
  params,
}: {
  children: React.ReactNode;
  params: Promise<{ levelCode: string }>;
}) {
  await levelLayoutAccess(safeDecode((await params).levelCode));
  // The class page's and the dashboards' client components read the class page's messages.
  return <PageMessages namespaces={["classPage", "privateComments"]}>{children}</PageMessages>;
}
