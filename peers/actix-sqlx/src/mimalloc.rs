//! actix-sqlx with mimalloc as the global allocator instead of glibc malloc (round 2's finding 11): the app of
//! main.rs, unchanged, with only the allocator swapped.

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[path = "main.rs"]
mod app;

fn main() {
    app::main();
}
