import type { Metadata, Viewport } from "next";
import { HydrationMarker } from "@/components/hydration-marker";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Classroom Portal", template: "%s · Classroom Portal" },
  description: "Classes, announcements, assignments, grades and attendance for your school.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen antialiased">
        {children}
        <HydrationMarker />
      </body>
    </html>
  );
}
