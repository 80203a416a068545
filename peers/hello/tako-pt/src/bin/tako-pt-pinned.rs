//! `tako-pt-pinned`: the `tako-pt` server with `pin_to_core` on, each worker pinned to one CPU.

fn main() {
    let listen = hello_contract::Listen::from_env_or_exit("tako-pt-pinned");
    if let Err(e) = hello_tako_pt::serve(listen, true) {
        hello_contract::fail("tako-pt-pinned", e);
    }
}
