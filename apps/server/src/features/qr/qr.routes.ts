import { qrCardsQuerySchema, qrCodeQuerySchema, qrDesignSchema, qrTemplateSchema } from '@carte/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { QrFile, QrService } from './qr.service.ts';

/** The failure answers of a file route (its success is the file, not the envelope). */
const fileFailures = () => {
  const { 200: _, ...failures } = responses(z.string(), [400, 401, 403, 404, 417]);
  return failures;
};

const sendFile = (reply: FastifyReply, file: QrFile) =>
  reply
    // The file follows the saved design: never reuse an old copy.
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .type(file.contentType)
    .send(file.body);

/**
 * /api/restaurants QR routes (doc 2 §3, §4, §9; doc 3 §7.4 `qr-templates`). Every signed-in member
 * of the restaurant may read and download, whatever their flags: they share the menu at the tables.
 * Users without a restaurant (admins, resellers) get 403.
 */
export const qrRoutes: FastifyPluginAsyncZod<{ qr: QrService }> = async (app, { qr }) => {
  const tags = ['qr'];

  app.get(
    '/qr-templates',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'The four QR card templates and their fields (doc 2 §3)',
        response: responses(z.array(qrTemplateSchema), [401, 403, 417]),
      },
    },
    async (request) => ok(await qr.templates(callerOf(request))),
  );

  app.get(
    '/qr-settings',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "The restaurant's saved QR design and the address its codes open",
        description:
          'qrSettings, selectedQrTemplate and templateMeta as saved with POST /restaurants/update, read with the defaults filled in, plus menuUrl and the logo a card prints.',
        response: responses(qrDesignSchema, [401, 403, 417]),
      },
    },
    async (request) => ok(await qr.design(callerOf(request))),
  );

  app.get(
    '/qr-code',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Download the QR code as qrcode.png, qrcode.jpeg or qrcode.svg (doc 2 §9)',
        description:
          'The code of the public menu in the saved colours, `size` pixels square (220 on screen; 64–4096), quiet zone included. With `mapId` (a menu display of the restaurant, 404 otherwise) the code opens that display address. With `lang` (one of the restaurant languages, 400 otherwise) the code opens the menu in that language (`?lang=`). With a background image alpha above 0 the logo shows faintly behind the modules. Answers the file (Content-Disposition attachment), not the envelope.',
        querystring: qrCodeQuerySchema,
        produces: ['image/png', 'image/jpeg', 'image/svg+xml'],
        response: fileFailures(),
      },
    },
    async (request, reply) => sendFile(reply, await qr.code(callerOf(request), request.query)),
  );

  app.get(
    '/qr-cards.pdf',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Download printable QR table cards of the chosen template (one PDF page)',
        description:
          'A4 or Letter; 4 cards of 95 × 130 mm per sheet (or 1 card of 137.8 × 188.5 mm), vector code, Inter embedded, 3 mm bleed and crop marks. With `mapId` (a menu display of the restaurant) the cards open that display address. With `zoneId` (a zone of the restaurant) or `locationId` (the restaurant itself), one card per menu display of that zone or location, each opening its display and named with it above the design, on as many sheets as needed (print all). With `lang` (one of the restaurant languages, 400 otherwise) the cards open the menu in that language (`?lang=`); 404 when the zone or location is not the restaurant own or holds no display. Answers the file, not the envelope.',
        querystring: qrCardsQuerySchema,
        produces: ['application/pdf'],
        response: fileFailures(),
      },
    },
    async (request, reply) => sendFile(reply, await qr.cards(callerOf(request), request.query)),
  );
};
