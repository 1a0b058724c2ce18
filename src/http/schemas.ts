import { z } from 'zod';

/** The error envelope (docs/errors.md), shared by every route's documented responses. */
export const errorSchema = z.object({ detail: z.string() });

/** A 422 answers with the `[{loc, msg, type}]` array (docs/errors.md); other errors with a string. */
export const validationErrorSchema = z.object({
  detail: z.union([
    z.string(),
    z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string(), type: z.string() })),
  ]),
});

/** The error responses of a route behind the key hook or the member session hook (401, 403), spread into its `response` schema. */
export const guardErrors = { 401: errorSchema, 403: errorSchema } as const;

/** Signed links to a verification's stored images, valid for an hour: the merchant's and the console's media routes. */
export const mediaLinksSchema = z.object({
  expires_at: z.string(),
  items: z.array(
    z.object({
      kind: z.string(),
      index: z.number(),
      content_type: z.string(),
      bytes: z.number(),
      url: z.string(),
    }),
  ),
});
