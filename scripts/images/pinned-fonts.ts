import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * The fonts come from the lockfile, not the machine: Liberation Sans of pdfjs-dist's standard fonts
 * (SIL Open Font License) answers every family the pages ask for (their `system-ui` stack, the
 * charts' canvas text), so the same commit renders the same letters anywhere. The system's fonts
 * stay behind it for glyphs it lacks (₺). Gives the environment to start Chromium with, and a way
 * to remove the configuration once it has closed.
 */
export function pinnedFonts(): { env: NodeJS.ProcessEnv; remove: () => void } {
  const fonts = resolve('node_modules/pdfjs-dist/standard_fonts')
  const dir = mkdtempSync(join(tmpdir(), 'kiymet-fonts-'))
  const file = join(dir, 'fonts.conf')
  writeFileSync(
    file,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${fonts}</dir>
  <cachedir>${join(dir, 'cache')}</cachedir>
  <selectfont>
    <acceptfont><glob>${fonts}/*</glob></acceptfont>
    <rejectfont><glob>*/LiberationSans-*</glob></rejectfont>
  </selectfont>
  <match target="pattern">
    <edit name="family" mode="prepend" binding="strong"><string>Liberation Sans</string></edit>
  </match>
</fontconfig>
`,
  )
  return {
    env: { ...process.env, FONTCONFIG_FILE: file },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
