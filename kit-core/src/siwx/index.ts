// Public API of this area; filled by the issue-3 work on it.
export {}
