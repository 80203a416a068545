//! `tako`: GET /hello on tako's default multi-threaded server, with the system allocator.

fn main() {
    let listen = hello_contract::Listen::from_env_or_exit("tako");
    if let Err(e) = hello_tako::serve_on_default_server(listen) {
        hello_contract::fail("tako", e);
    }
}
