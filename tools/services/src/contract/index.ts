// `@latchkey/services/contract`: the Blockchain API contract shared by the stand-in's tests and @latchkey/core's
// (the same fixtures validate both sides). Nothing here touches Node or the network.
export {
  type CheckOptions,
  type ContractEndpoint,
  contractProblems,
  transactionProblems,
} from './check.js'
export {
  MALFORMED_ANSWERS,
  type MalformedAnswer,
  type MalformedOutcome,
  VALID_ANSWERS,
  type ValidAnswer,
} from './fixtures.js'
