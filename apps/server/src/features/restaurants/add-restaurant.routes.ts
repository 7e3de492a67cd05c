import { addRestaurantSchema, messages, tokensSchema, userSchema } from '@carte/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Captcha } from '../../adapters/captcha/captcha.ts';
import { InvalidError } from '../../core/errors.ts';
import { callerOf } from '../../http/auth.ts';
import { ok, responses } from '../../http/envelope.ts';
import type { AddRestaurantService } from './add-restaurant.service.ts';

/** POST /api/restaurants/add (doc 2 §7 "add restaurant"): answers the new account's tokens. */
export const addRestaurantRoutes: FastifyPluginAsyncZod<{
  addRestaurant: AddRestaurantService;
  captcha: Captcha;
}> = async (app, { addRestaurant, captcha }) => {
  app.post(
    '/add',
    {
      // Signed in first, before the body is read: a stranger gets 401, never a validation answer.
      onRequest: app.authenticate,
      schema: {
        security: [{ bearer: [] }],
        tags: ['restaurants'],
        summary: 'Add a restaurant: a standalone one, or a location of a restaurant the person owns',
        description:
          'Makes a new owner account of the same person (same email and password, linked: the switch-account list shows both) holding a new restaurant, and answers its tokens and user. With `isLocation: true`, `parent` names a top-level restaurant owned by one of the person’s accounts; the location inherits its menus, categories, dishes and ingredients live and read-only. Owners, members (standalone only) and resellers’ clients may add one. Needs the anti-bot token.',
        body: addRestaurantSchema,
        response: responses(tokensSchema.extend({ user: userSchema }), [400, 401, 403, 404, 417]),
      },
    },
    async (request) => {
      if (!(await captcha.verify(request.body.reCaptchaToken, request.ip)))
        throw new InvalidError(messages.captchaFailed);
      return ok(await addRestaurant.add(callerOf(request), request.body));
    },
  );
};
