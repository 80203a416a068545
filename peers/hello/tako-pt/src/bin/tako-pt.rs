//! `tako-pt`: GET /hello on tako's per-thread server, workers unpinned (tako's default).

fn main() {
    let listen = hello_contract::Listen::from_env_or_exit("tako-pt");
    if let Err(e) = hello_tako_pt::serve(listen, false) {
        hello_contract::fail("tako-pt", e);
    }
}
