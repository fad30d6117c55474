import type { AppDeps } from '../../app-env';
import { createStaffRouter } from '../../http/staff-router';
import * as contracts from './payment-channels.route-contracts';
import * as service from './payment-channels.service';

/** A student's payment channels: each route of payment-channels.route-contracts.ts, handed to its service. */
export function paymentChannelsRoutes(deps: AppDeps) {
  const router = createStaffRouter();

  router.openapi(contracts.listChannelsRoute, async (c) =>
    c.json(await service.listChannels(deps, c.var.staff, c.req.valid('param').id), 200),
  );
  router.openapi(contracts.addChannelRoute, async (c) =>
    c.json(await service.addChannel(deps, c.var.staff, c.req.valid('param').id, c.req.valid('json')), 201),
  );
  router.openapi(contracts.changeChannelRoute, async (c) => {
    const { id, channelId } = c.req.valid('param');
    return c.json(await service.changeChannel(deps, c.var.staff, id, channelId, c.req.valid('json')), 200);
  });
  router.openapi(contracts.makePrimaryRoute, async (c) => {
    const { id, channelId } = c.req.valid('param');
    return c.json(await service.makePrimary(deps, c.var.staff, id, channelId), 200);
  });
  router.openapi(contracts.confirmWalletRoute, async (c) => {
    const { id, channelId } = c.req.valid('param');
    return c.json(await service.confirmWallet(deps, c.var.staff, id, channelId, c.req.valid('json')), 200);
  });

  return router;
}
