//! The pages' views: the Tera 2 templates under assets/views/blog, rendered to strings (the cached routes store
//! them in Redis as they are).

pub mod blog;
