pub use super::_entities::authors::{ActiveModel, Column, Entity, Model};

impl sea_orm::ActiveModelBehavior for ActiveModel {}
