import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { getCalibration } from './get-calibration';
import { listCalibrationEssays } from './list-calibration-essays';
import { saveCalibration } from './save-calibration';

/** Calibration before peer review (issue 34, item 1): the learner's examples and points. */
export const calibrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['assignments']);
  const ids = (p: { id: number; aid: number }) => ({ courseId: p.id, assignmentId: p.aid });
  route(endpoints.getCalibration, {
    handler: async (request) => getCalibration({ db: app.db, caller: request, ...ids(request.params) }),
  });
  route(endpoints.getCalibrationEssays, {
    handler: async (request) =>
      listCalibrationEssays({ db: app.db, caller: request, ...ids(request.params) }),
  });
  route(endpoints.saveCalibration, {
    handler: async (request) =>
      saveCalibration({ db: app.db, caller: request, ...ids(request.params), body: request.body }),
  });
};
