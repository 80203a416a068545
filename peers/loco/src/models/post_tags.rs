pub use super::_entities::post_tags::{ActiveModel, Column, Entity, Model};

impl sea_orm::ActiveModelBehavior for ActiveModel {}
