import type { CareResult, EquipmentBody } from '@furlong/contracts';
import type { MEDICAL_TREATMENTS, TRAINING_REGIMENS } from '@furlong/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/session';
import { STABLE_QUERY_KEY } from './stable-dashboard';

export type TrainingRegimen = (typeof TRAINING_REGIMENS)[number];
export type MedicalTreatment = (typeof MEDICAL_TREATMENTS)[number];

/** One paid act of care for a horse, as the care pages send it. */
export type CareRequest =
  | { kind: 'training'; horseId: number; regimen: TrainingRegimen }
  | { kind: 'medical'; horseId: number; treatment: MedicalTreatment }
  | { kind: 'equipment'; horseId: number; equipment: EquipmentBody };

/**
 * POST /api/stable/horses/{id}/training, POST …/medical or PUT …/equipment: each answers the horse
 * as it is now, the cost, the wallet after paying and a message.
 */
export function careForHorse(request: CareRequest): Promise<CareResult> {
  const path = `/stable/horses/${request.horseId}`;
  switch (request.kind) {
    case 'training':
      return sendJson<CareResult>('POST', `${path}/training`, { regimen: request.regimen });
    case 'medical':
      return sendJson<CareResult>('POST', `${path}/medical`, { treatment: request.treatment });
    case 'equipment':
      return sendJson<CareResult>('PUT', `${path}/equipment`, request.equipment);
  }
}

/** A care request; the stable (the horse's condition) and the balance are read again afterwards. */
export function useHorseCare() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: careForHorse,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: STABLE_QUERY_KEY }),
        client.invalidateQueries({ queryKey: SESSION_QUERY_KEY }),
      ]),
  });
}
