import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * A custom field an admin added to an entity (issue 21): metadata, not a column. Its name is unique
 * within its table; its values are custom_field_values rows, which go with it.
 */
@Entity('custom_fields')
@Unique('ux_custom_fields_table_name', ['table_name', 'name'])
@Check('ck_custom_fields_type', "type IN ('text', 'integer', 'decimal', 'boolean', 'date', 'one_of')")
export class CustomFieldRow {
  @PrimaryGeneratedColumn({ type: 'int', primaryKeyConstraintName: 'pk_custom_fields' })
  id: number;

  /** The entity's table: horses, jockeys, trainers, owners or tracks. */
  @Column({ type: 'text' })
  table_name: string;

  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  label: string;

  @Column({ type: 'text' })
  type: string;

  /** A one_of field's choices; null for the other types. */
  @Column({ type: 'jsonb', nullable: true })
  options: string[] | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;

  /** The admin who added it. */
  @Column({ type: 'int', nullable: true })
  created_by: number | null;
}
