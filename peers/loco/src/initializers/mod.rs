pub mod view_engine;
