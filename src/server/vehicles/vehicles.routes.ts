import type { FastifyInstance } from 'fastify';
import {
  createVehicleRequestSchema,
  themeRequestSchema,
  updateVehicleRequestSchema,
} from '../../shared/vehicles/vehicles.contract.js';
import { requireUser } from '../plugins/session.js';
import { presentPublicVehicle, presentTheme, presentVehicle } from './vehicles.presenter.js';
import type { VehiclesService } from './vehicles.service.js';

type IdParams = { Params: { id: string } };

export function registerVehicleRoutes(
  app: FastifyInstance,
  { vehicles }: { vehicles: VehiclesService },
): void {
  const ownerId = (request: Parameters<typeof requireUser>[0]) => requireUser(request).user.id;

  // The owner's own vehicles.
  app.get('/api/vehicles', async (request) =>
    (await vehicles.listActive(ownerId(request))).map(presentVehicle),
  );

  app.get('/api/vehicles/inactive', async (request) =>
    (await vehicles.listRemoved(ownerId(request))).map(presentVehicle),
  );

  app.post('/api/vehicles', async (request, reply) => {
    const vehicle = await vehicles.register(ownerId(request), createVehicleRequestSchema.parse(request.body));
    return reply.status(201).send(presentVehicle(vehicle));
  });

  app.get<IdParams>('/api/vehicles/:id', async (request) =>
    presentVehicle(await vehicles.get(ownerId(request), request.params.id)),
  );

  app.patch<IdParams>('/api/vehicles/:id', async (request) =>
    presentVehicle(
      await vehicles.update(
        ownerId(request),
        request.params.id,
        updateVehicleRequestSchema.parse(request.body),
      ),
    ),
  );

  app.delete<IdParams>('/api/vehicles/:id', async (request) =>
    presentVehicle(await vehicles.remove(ownerId(request), request.params.id)),
  );

  app.patch<IdParams>('/api/vehicles/:id/reactivate', async (request) =>
    presentVehicle(await vehicles.reactivate(ownerId(request), request.params.id)),
  );

  app.post<IdParams>('/api/vehicles/:id/rotate-code', async (request) =>
    presentVehicle(await vehicles.replaceCodes(ownerId(request), request.params.id)),
  );

  app.get<IdParams>('/api/vehicles/:id/theme', async (request) =>
    presentTheme(await vehicles.getTheme(ownerId(request), request.params.id)),
  );

  app.put<IdParams>('/api/vehicles/:id/theme', async (request) =>
    presentTheme(
      await vehicles.setTheme(
        ownerId(request),
        request.params.id,
        themeRequestSchema.parse(request.body).themePreset,
      ),
    ),
  );

  app.delete<IdParams>('/api/vehicles/:id/theme', async (request) =>
    presentTheme(await vehicles.resetTheme(ownerId(request), request.params.id)),
  );

  // Finding a vehicle: open to everyone, signed in or not; answers only the public shape.
  app.get<{ Params: { code: string } }>('/api/vehicles/qr/:code', async (request) =>
    presentPublicVehicle(await vehicles.findByQrCode(request.params.code, request.ip)),
  );

  app.get<{ Params: { code: string } }>('/api/vehicles/code/:code', async (request) =>
    presentPublicVehicle(await vehicles.findByShortCode(request.params.code, request.ip)),
  );

  app.get<{ Params: { plate: string } }>('/api/vehicles/lookup/:plate', async (request) =>
    presentPublicVehicle(await vehicles.findByPlate(request.params.plate, request.ip)),
  );

  app.get<IdParams>('/api/vehicles/public/:id', async (request) =>
    presentPublicVehicle(await vehicles.findPublic(request.params.id, request.ip)),
  );
}
