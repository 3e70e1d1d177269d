/** What checking the audit chain found (GET /office/api/audit/verify, `npm run audit:verify`). */
export type AuditChainProblem =
  | 'prevHashMismatch'
  | 'hashMismatch'
  | 'gap'
  | 'sealMismatch'
  | 'unsealed'
  | 'checkpointMismatch'
  | 'rowsCut';

export type AuditChainReport =
  | { intact: true; rows: number; checkpoints: number }
  | { intact: false; seq: number; problem: AuditChainProblem }
  | { intact: false; checkpointLine: number; problem: 'checkpointForged' };
