// Pure business rules: no I/O. Each area re-exports its public functions here.
export {};
