// Every message string of the hosted API (and the few docs/contract.md §1 chooses), in one place. Tests compare
// against these, and so does a reader holding the spec beside the code.
export const M = {
  invalidApiKey: 'Invalid API key',
  notFoundUser: 'Not Found User',
  jobNotFound: 'Job not found',
  insufficientCredits: 'Insufficient credits',
  fileTooLarge: 'File too large',
  serverBusy: 'Server busy, retry later',
  storageFull: 'Storage full, retry later',
  storageUnavailable: 'Storage unavailable, retry later',
  tooManyRequests: 'Too many requests, retry later',
  notFound: 'Not Found',
  methodNotAllowed: 'Method Not Allowed',
  internal: 'Internal Server Error',

  invalidImage: 'Invalid image file',

  /** Under the model's name as sent: 'The Beta Imagine model supports up to 5 ref_images.' (or Grok Imagine). */
  modelRefs: (model: string, limit: number): string => `The ${model} model supports up to ${limit} ref_images.`,
  refImagesMax: 'ref_images supports up to 10 images only',

  effectFrame: 'frame should be one of 4, 9, 16',
  makeSpriteFrame: 'frame should be one of 49, 81, 121',
  makeSpriteV1Frame: 'frame should be one of 25, 36, 49, 64, 81, 100, 121, 144, 169',
  plusFrame: 'frame should be one of 49, 81',
  zenithFrame: 'frame should be one of 36, 100',
  frameWithRestyle: 'frame is derived from the source for video_restyle; do not send it',

  characterCount: 'character_images must contain between 1 and 4 files',
  rowsNotJson: 'rows must be a valid JSON list',
  rowsNotList: 'rows must be a JSON list',
  rowEntryShape: 'each row must be an object with row, title, description',
  rowNotInteger: 'row must be an integer',
  rowStrings: 'title and description must be strings',

  textEmpty: 'text must not be empty',
  imageToVideoCount: 'image_to_video requires exactly one image',
  firstLastCount: 'first_last_frame requires exactly two images (start, end)',
  restyleCount: 'video_restyle requires exactly one source image (PNG sprite sheet or GIF)',
  restyleNeedsText: 'video_restyle requires text when no reference_image is given',
  referenceOnlyRestyle: 'reference_image is only supported for video_restyle',
  gridOnlyRestyle: 'sprite_grid is only supported for video_restyle',
  gridRequired: 'sprite_grid is required for a PNG sprite sheet',
  gridNotForGif: 'sprite_grid is not allowed for a GIF source',
  gridMalformed: 'sprite_grid must be a JSON object like {"columns": 6, "rows": 6} (1-32 each, at most 120 frames)',
  gifTooManyFrames: 'GIF must have at most 120 frames',
  gifTooLong: 'GIF must be at most 10 seconds long',
  gifTooManyPixels: 'GIF must have at most 125829120 pixels over all its frames (frames x width x height)',
} as const;
