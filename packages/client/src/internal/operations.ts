import type { HttpMethod, OperationId } from '@transmute/contract';

/**
 * Method and path of each operation. Kept here (not imported from the contract at run time) so the
 * client loads without the contract's validators; a test checks it equals `API_OPERATIONS`.
 */
export const CLIENT_OPERATIONS: Record<OperationId, readonly [HttpMethod, string]> = {
  getCapabilities: ['GET', '/v1/capabilities'],
  createUploadIntent: ['POST', '/v1/upload-intents'],
  getFile: ['GET', '/v1/files/{file_id}'],
  deleteFile: ['DELETE', '/v1/files/{file_id}'],
  completeFileUpload: ['POST', '/v1/files/{file_id}/complete'],
  listJobs: ['GET', '/v1/jobs'],
  createJob: ['POST', '/v1/jobs'],
  getJob: ['GET', '/v1/jobs/{job_id}'],
  deleteJob: ['DELETE', '/v1/jobs/{job_id}'],
  cancelJob: ['POST', '/v1/jobs/{job_id}/cancel'],
  listJobOutputs: ['GET', '/v1/jobs/{job_id}/outputs'],
  createJobOutput: ['POST', '/v1/jobs/{job_id}/outputs'],
  getOutput: ['GET', '/v1/outputs/{output_id}'],
  getOutputContent: ['GET', '/v1/outputs/{output_id}/content'],
  getUsage: ['GET', '/v1/usage'],
  listWebhookEndpoints: ['GET', '/v1/webhook-endpoints'],
  createWebhookEndpoint: ['POST', '/v1/webhook-endpoints'],
  updateWebhookEndpoint: ['PATCH', '/v1/webhook-endpoints/{endpoint_id}'],
  deleteWebhookEndpoint: ['DELETE', '/v1/webhook-endpoints/{endpoint_id}'],
  listWebhookDeliveries: ['GET', '/v1/webhook-endpoints/{endpoint_id}/deliveries'],
  replayWebhookDelivery: ['POST', '/v1/webhook-endpoints/{endpoint_id}/deliveries/{delivery_id}/replay'],
  pauseWebhookEndpoint: ['POST', '/v1/webhook-endpoints/{endpoint_id}/pause'],
  resumeWebhookEndpoint: ['POST', '/v1/webhook-endpoints/{endpoint_id}/resume'],
  rotateWebhookEndpointSecret: ['POST', '/v1/webhook-endpoints/{endpoint_id}/rotate-secret'],
  testWebhookEndpoint: ['POST', '/v1/webhook-endpoints/{endpoint_id}/test'],
};
