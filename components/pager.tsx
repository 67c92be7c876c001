import { PagerView } from "./pager-view";

/** Server-side pagination: "Page n of m", Previous and Next as plain links. */
export function Pager({
  page,
  total,
  pageSize,
  href,
}: {
  page: number;
  total: number;
  pageSize: number;
  href: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <PagerView
      page={page}
      pages={pages}
      total={total}
      previous={page > 1 ? href(page - 1) : null}
      next={page < pages ? href(page + 1) : null}
    />
  );
}
