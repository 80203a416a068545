//! `tako-jemalloc`: the `tako` binary (same router, same default server) with jemalloc as the global allocator,
//! installed the way tako's documentation shows.

#[global_allocator]
static GLOBAL: tako::Jemalloc = tako::Jemalloc;

fn main() {
    let listen = hello_contract::Listen::from_env_or_exit("tako-jemalloc");
    if let Err(e) = hello_tako::serve_on_default_server(listen) {
        hello_contract::fail("tako-jemalloc", e);
    }
}
