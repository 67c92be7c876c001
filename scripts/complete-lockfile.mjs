// The npm registry mirror our machines reach lacks some other platforms' native builds of
// next (@next/swc-*) and tailwind (@tailwindcss/oxide-*). `npm install` then leaves them out of
// package-lock.json and `npm ci` refuses the lock. This adds each missing optional platform
// package as an entry marked with its os/cpu, so npm ci skips it here (wrong platform) and
// a machine of that platform still resolves it. Run after `npm install`: npm run lock:complete
import fs from "node:fs";

const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const OS = ["darwin", "win32", "linux", "android", "freebsd"];
const CPU = { x64: "x64", arm64: "arm64", arm: "arm", wasm32: "wasm32", ia32: "ia32" };

function platformOf(name) {
  const parts = name.split("/").pop().split("-");
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  return { os: os ? [os] : undefined, cpu: cpu ? [cpu] : undefined };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    const nested = `${path ? `${path}/` : ""}node_modules/${dep}`;
    if (lock.packages[key] || lock.packages[nested]) continue;
    const { os, cpu } = platformOf(dep);
    if (!os && !cpu) continue; // not a platform build: leave npm's decision alone
    lock.packages[key] = {
      version: range.replace(/^[\^~=]/, ""),
      optional: true,
      ...(os && { os }),
      ...(cpu && { cpu }),
    };
    added++;
  }
}
fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`complete-lockfile: added ${added} platform entries`);
