/** Buffer's own encoder, which `write(string, offset)` calls after checking its arguments (as copy-decoder.ts' utf8Slice). */
export type Out = Buffer & { utf8Write(text: string, offset: number): number };

/** A buffer with room for `bytes` more after `at`: twice as big (or more), holding what `buffer` held up to `at`. */
export const grown = (buffer: Out, at: number, bytes: number): Out => {
  const bigger = Buffer.allocUnsafe(Math.max(2 * buffer.length, at + bytes)) as Out;
  buffer.copy(bigger, 0, 0, at);
  return bigger;
};
