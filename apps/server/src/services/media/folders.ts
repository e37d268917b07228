/** Folders of files the app makes itself, from public pages and from media: no one's upload. */
export const THUMBNAIL_FOLDER = 'admin/thumbnails';
export const POSTER_FOLDER = 'admin/posters';

/** Served to all: page thumbnails and poster frames. */
export const PUBLIC_FOLDERS: readonly string[] = [`${THUMBNAIL_FOLDER}/pages`, POSTER_FOLDER];
