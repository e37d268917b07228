/**
 * Word (.docx) to lists with mammoth: heading styles become h1-h6 and so lists; paragraphs and
 * pictures become items. Pictures are kept inline up to INLINE_IMAGE_MAX_BYTES. Links to files
 * outside the document are never followed. mammoth is loaded on the first Word document.
 */
import { htmlToLists } from './html';
import {
  INLINE_IMAGE_MAX_BYTES,
  ImportError,
  type ImportOptions,
  type ImportedList,
} from './types';

const TOO_LARGE = 'too-large:';

export async function docxToLists(bytes: Buffer, opts: ImportOptions): Promise<ImportedList[]> {
  const { default: mammoth } = await import('mammoth');
  let html: string;
  try {
    const result = await mammoth.convertToHtml(
      { buffer: bytes },
      {
        externalFileAccess: false,
        convertImage: mammoth.images.imgElement(async (image) => {
          const data = await image.readAsBuffer();
          if (data.length > INLINE_IMAGE_MAX_BYTES) return { src: TOO_LARGE };
          return { src: `data:${image.contentType};base64,${data.toString('base64')}` };
        }),
      },
    );
    html = result.value;
  } catch {
    throw new ImportError(
      `Could not read ${opts.fileName ?? opts.name} as a Word (.docx) document.`,
    );
  }
  // A picture left out says so in words rather than as a broken image.
  return htmlToLists(
    html.replace(/<img [^>]*src="too-large:"[^>]*>/g, '<p>(picture too large to import)</p>'),
    opts,
  );
}
