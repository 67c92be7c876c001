/** The spec's red-accent error banner; announced to screen readers. */
export function ErrorBanner({ message }: { message: string }) {
  return (
    <div role="alert" className="rounded-lg border-l-4 border-red-600 bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
      {message}
    </div>
  );
}
