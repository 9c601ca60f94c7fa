/* Pure helpers of documents: the size check before sending, base64 for the upload, the name a document is shown by. */

/** A document by its download name, else its link. */
export const documentName = (d: { file_name: string | null; url: string | null; id: string }): string => d.file_name ?? d.url ?? d.id

/** The site's limit (site settings `max_upload_bytes`) against the file's size: null when it fits. */
export function overLimit(size: number, limit: number | null | undefined): { size: number; limit: number } | null {
  return typeof limit === 'number' && limit > 0 && size > limit ? { size, limit } : null
}

/** A File as standard base64 (POST /sites/{site_id}/documents takes the file inline). */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  let binary = ''
  // Chunks keep String.fromCharCode's argument list far below the engine's limit.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(binary)
}
