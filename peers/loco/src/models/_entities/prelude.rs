pub use super::authors::Entity as Authors;
pub use super::comments::Entity as Comments;
pub use super::post_tags::Entity as PostTags;
pub use super::posts::Entity as Posts;
pub use super::tags::Entity as Tags;
