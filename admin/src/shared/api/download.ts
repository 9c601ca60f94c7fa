/** The attachment's file name from Content-Disposition (RFC 6266: `filename*` wins over `filename`), else the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition)
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim())
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"|filename\s*=\s*([^;\s]+)/i.exec(disposition)
  return plain?.[1] ?? plain?.[2] ?? fallback
}

/** Hands bytes fetched with the tab's credential to the browser as a file download (never cached; the URL is let go later). */
export function saveAsFile(blob: Blob, name: string, keepUrlMs: number): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), keepUrlMs)
}
